import document from "virtual:content/cookie-policy";
import { ContentPage } from "./ContentPage";

export default function CookiePolicyPage() {
  return <ContentPage document={document} />;
}
