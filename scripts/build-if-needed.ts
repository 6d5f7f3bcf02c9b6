/** `npm start` runs this first: a fresh clone or a changed source gets a web build, otherwise nothing. */
import { buildWebIfStale } from "./web-build.js";

if (!buildWebIfStale()) console.log("Web app is up to date.");
