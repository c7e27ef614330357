/**
 * The browser's own base64 of a file (a data URL's tail), without copying it through a string of
 * bytes: what an upload (a picture, a question bank) sends as its `data`.
 */
export function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error(`could not read ${file.name}`));
    reader.readAsDataURL(file);
  });
}
