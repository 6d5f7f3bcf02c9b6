import { OrganizationHub } from "./OrganizationHub";

export default function BusinessOrganizationPage() {
  return <OrganizationHub type="team" />;
}
