import type { InstanceConfig } from "../../domain/instance-config.js";
import type { Config } from "../env.js";

/** The public part of the configuration, embedded in every page for the web app. Never secrets. */
export function presentInstanceConfig(config: Config): InstanceConfig {
  return {
    name: config.instanceName,
    publicUrl: config.publicUrl,
    operatorName: config.operatorName,
    operatorContact: config.operatorContact,
    embedParentOrigin: config.embedParentOrigin,
    builtinSignIn: config.auth.builtinIdp,
  };
}
