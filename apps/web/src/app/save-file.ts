/** Hands a file the app received (an XLSX export) to the browser's downloads, under its name. */
export function saveFile(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.click();
  // The browser reads the file after the click returns: the address is freed a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
