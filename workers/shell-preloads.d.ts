declare module 'virtual:zalik-shell-preloads' {
  const table: Record<string, string[]>;
  export default table;
}
