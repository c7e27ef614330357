/** The current block lives in the URL hash (`#block-<id>`), so a reload opens the same block. */
export function blockIdFromHash(hash: string, blockIds: readonly string[]): string | null {
  const match = /^#block-(.+)$/.exec(hash);
  if (!match?.[1]) return null;
  const id = decodeURIComponent(match[1]);
  return blockIds.includes(id) ? id : null;
}

export function writeBlockHash(blockId: string): void {
  // replaceState: moving between blocks should not fill the back button's history.
  window.history.replaceState(window.history.state, '', `#block-${encodeURIComponent(blockId)}`);
}
