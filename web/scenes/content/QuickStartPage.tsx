import document from "virtual:content/quick-start";
import { ContentPage } from "./ContentPage";

export default function QuickStartPage() {
  return <ContentPage document={document} />;
}
