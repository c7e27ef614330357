/** A new choice question's first two options, empty: the fewest a choice can have. */
export const freshOptions = () => [
  { id: 'a', text: {} },
  { id: 'b', text: {} },
];
