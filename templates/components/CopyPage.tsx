import { use, useState } from "react";
import { ClientFeaturesContext } from "../client-features.ts";

/**
 * A "Copy page" button that puts the page's markdown on the clipboard, and
 * a polite live region that says whether it did. Before the client hydrates
 * the page, the button does nothing.
 */
export function CopyPage({ url }: { url: string }) {
  const { copyPage } = use(ClientFeaturesContext);
  const [status, setStatus] = useState("");
  const copy = () => {
    setStatus("");
    copyPage(url).then(
      () => setStatus("Copied"),
      () => setStatus("Copy failed"),
    );
  };
  return (
    <div className="copy-page">
      <button type="button" className="copy-page-button" onClick={copy}>
        Copy page
      </button>
      <span className="copy-page-status" role="status">
        {status}
      </span>
    </div>
  );
}
