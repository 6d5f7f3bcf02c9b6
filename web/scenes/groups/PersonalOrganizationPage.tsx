import { OrganizationHub } from "./OrganizationHub";

export default function PersonalOrganizationPage() {
  return <OrganizationHub type="personal" />;
}
