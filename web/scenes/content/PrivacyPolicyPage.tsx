import document from "virtual:content/privacy-policy";
import { ContentPage } from "./ContentPage";

export default function PrivacyPolicyPage() {
  return <ContentPage document={document} />;
}
