import { useEffect, useRef, useState } from "react";
import { BARCODE_LABELS, type BarcodeFormat, BWIP_IDS } from "../../../domain/coupon-barcodes";

const LINEAR: ReadonlySet<BarcodeFormat> = new Set(["ean13", "ean8", "upca", "upce", "code128", "code39", "itf"]);

/**
 * A coupon's barcode drawn on the device by bwip-js (no server, no network) as an SVG: sharp at
 * any size, black on white whatever the theme, with the quiet zone a cashier's scanner needs.
 */
export function BarcodeImage({ format, value }: { format: BarcodeFormat; value: string }) {
  const host = useRef<HTMLDivElement>(null);
  const label = `${BARCODE_LABELS[format]} barcode ${value}`;
  // The barcode that could not be drawn: another one tries afresh.
  const [failedFor, setFailedFor] = useState<string | null>(null);
  const failed = failedFor === label;

  useEffect(() => {
    let cancelled = false;
    void import("bwip-js/browser").then(
      ({ toSVG }) => {
        if (cancelled || !host.current) return;
        try {
          const linear = LINEAR.has(format);
          const markup = toSVG({
            bcid: BWIP_IDS[format],
            text: value,
            scale: 3,
            height: linear ? 22 : undefined,
            includetext: linear,
            textxalign: "center",
            paddingwidth: 10,
            paddingheight: 6,
            backgroundcolor: "FFFFFF",
            barcolor: "000000",
          });
          const svg = new DOMParser().parseFromString(markup, "image/svg+xml").documentElement;
          svg.setAttribute("role", "img");
          svg.setAttribute("aria-label", label);
          svg.setAttribute("class", "mx-auto block h-auto w-full");
          svg.style.maxWidth = linear ? "28rem" : "18rem";
          host.current.replaceChildren(svg);
        } catch {
          setFailedFor(label);
        }
      },
      () => !cancelled && setFailedFor(label),
    );
    return () => {
      cancelled = true;
    };
  }, [format, value, label]);

  if (failed)
    return (
      <p role="alert" className="text-sm text-danger">
        This barcode could not be drawn. Show the number instead.
      </p>
    );
  return <div ref={host} className="rounded-lg bg-white p-2" />;
}
