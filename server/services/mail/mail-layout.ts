import { html, type SafeHtml } from "./mail-html.js";

/** A call-to-action link, with the address spelled out for clients that hide buttons. */
export function mailButton(link: string, label: string): SafeHtml {
  return html`<p style="margin:24px 0">
      <a
        href="${link}"
        style="display:inline-block;background:#4338ca;color:#ffffff;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600"
        >${label}</a
      >
    </p>
    <p style="color:#475569;font-size:14px">
      Or copy this address into your browser:<br /><a href="${link}" style="color:#4338ca;word-break:break-all"
        >${link}</a
      >
    </p>`;
}

/** The frame of every email. Inline styles only: most mail clients ignore style sheets. */
export function mailLayout(instanceName: string, body: SafeHtml): SafeHtml {
  return html`<!doctype html>
    <html>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>${instanceName}</title>
      </head>
      <body
        style="margin:0;padding:24px;background:#f8fafc;color:#0f172a;font-family:system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif;line-height:1.5"
      >
        <div
          style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px;padding:24px"
        >
          <p style="margin:0 0 16px;font-weight:700;color:#4338ca">${instanceName}</p>
          ${body}
        </div>
      </body>
    </html>`;
}
