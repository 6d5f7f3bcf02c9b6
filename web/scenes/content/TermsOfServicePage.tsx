import document from "virtual:content/terms-of-service";
import { ContentPage } from "./ContentPage";

export default function TermsOfServicePage() {
  return <ContentPage document={document} />;
}
