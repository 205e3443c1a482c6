/**
 * Copies `text` to the clipboard (secrets shown once: client secrets, service-account secrets). Without the
 * clipboard API (an insecure origin, or permission refused) it falls back to a selection copy.
 */
export async function copyText(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
  } catch {
    const area = document.createElement('textarea');
    area.value = text;
    document.body.appendChild(area);
    area.select();
    document.execCommand('copy');
    area.remove();
  }
}
