import document from "virtual:content/help";
import { ContentPage } from "./ContentPage";

export default function HelpPage() {
  return <ContentPage document={document} />;
}
