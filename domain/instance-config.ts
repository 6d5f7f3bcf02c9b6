/** Public instance settings the server embeds in each page (script#instance-config). Never secrets. */
export interface InstanceConfig {
  name: string;
  /** Base of canonical links. */
  publicUrl: string;
  operatorName: string;
  operatorContact: string;
  /** Origin that app-beacon/app-pagechange messages go to when the app is embedded; null: none. */
  embedParentOrigin: string | null;
}
