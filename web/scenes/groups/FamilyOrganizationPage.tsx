import { OrganizationHub } from "./OrganizationHub";

export default function FamilyOrganizationPage() {
  return <OrganizationHub type="family" />;
}
