/** `npm run build`: the production web app in dist/web. */
import { buildWeb } from "./web-build.js";

buildWeb();
