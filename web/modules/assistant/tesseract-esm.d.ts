/**
 * tesseract.js's own ES module build: imported instead of the package's CommonJS entry so the app
 * bundles no CommonJS interop for it. The same API as the package's types.
 */
declare module "tesseract.js/dist/tesseract.esm.min.js" {
  import Tesseract from "tesseract.js";
  export default Tesseract;
}
