/** The element id of a draft field, from its path (`blocks.0.title.en`): the checklist links to it. */
export function fieldId(path: string): string {
  return `field-${path.replaceAll('.', '-')}`;
}
