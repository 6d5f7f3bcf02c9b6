import document from "virtual:content/about";
import { ContentPage } from "./ContentPage";

export default function AboutPage() {
  return <ContentPage document={document} />;
}
