/** What every page gets from the route table: the named groups of the contract's match. */
export interface PageProps {
  params: Readonly<Record<string, string | undefined>>;
}
