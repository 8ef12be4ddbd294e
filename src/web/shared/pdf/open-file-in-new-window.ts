/** What opening a file needs from the browser (a parameter so the flow can be tested without one). */
export interface FileWindowHost {
  open(): Window | null;
  createObjectUrl(blob: Blob): string;
  revokeObjectUrl(url: string): void;
  scheduleLater(callback: () => void, ms: number): void;
}

const browserHost: FileWindowHost = {
  open: () => window.open('', '_blank'),
  createObjectUrl: (blob) => URL.createObjectURL(blob),
  revokeObjectUrl: (url) => URL.revokeObjectURL(url),
  scheduleLater: (callback, ms) => void window.setTimeout(callback, ms),
};

// The new window keeps the object URL alive long enough to read it; a minute is ample.
const revokeAfterMs = 60_000;

/**
 * Opens a file that needs the bearer token in a new window: the window opens at once (inside the click, so
 * no pop-up blocker stops it), the file is fetched as a blob and shown through an object URL; when the
 * fetch fails the window is closed again (spec 1 §4). Resolves true when the file was shown.
 */
export async function openFileInNewWindow(
  fetchBlob: () => Promise<Blob>,
  label: string,
  host: FileWindowHost = browserHost,
): Promise<boolean> {
  const target = host.open();
  writeWaitingMessage(target, label);
  try {
    const blob = await fetchBlob();
    const url = host.createObjectUrl(blob);
    if (target && !target.closed) target.location.href = url;
    host.scheduleLater(() => host.revokeObjectUrl(url), revokeAfterMs);
    return Boolean(target);
  } catch (error) {
    console.error(`Failed to open ${label}`, error);
    target?.close();
    return false;
  }
}

function writeWaitingMessage(target: Window | null, label: string): void {
  try {
    if (!target) return;
    target.document.title = label;
    target.document.body.textContent = `Opening ${label}...`;
  } catch {
    // A window we cannot write to still gets the file.
  }
}
