import document from "virtual:content/install-instructions";
import { InstallButton } from "../../components/InstallButton";
import { ContentPage } from "./ContentPage";

/** /install-instructions: the browser's own install offer where there is one, then the steps for each platform. */
export default function InstallInstructionsPage() {
  return <ContentPage document={document} lead={<InstallButton showSteps={false} />} />;
}
