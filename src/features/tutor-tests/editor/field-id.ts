/** The element id of a draft field, from its path (`blocks.0.title.en`): the checklist links to it. */
export function fieldId(path: string): string {
  return `field-${path.replaceAll('.', '-')}`;
}

/** Once the editor shows it, puts the focus in a field just added: the tutor writes there next. */
export function focusField(path: string): void {
  requestAnimationFrame(() => document.getElementById(fieldId(path))?.focus());
}
