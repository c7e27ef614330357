/**
 * An assigned attempt is remembered on the device under its assignment's code (`a-{code}`): the
 * assignment's page finds it there after a reload, and the running test knows to report itself
 * to the tutor's monitor.
 */
export const assignedSlug = (code: string) => `a-${code}`;

export const isAssignedSlug = (slug: string) => slug.startsWith('a-');
