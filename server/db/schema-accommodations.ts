/** The standing accommodations' table (migration 0026, contract/accommodations.ts). */

/** A tutor's standing accommodation for one student, by account or by the address the tutor named. */
export interface AccommodationsTable {
  id: string;
  owner_id: string;
  user_id: string | null;
  email: string | null;
  email_key: string | null;
  /** JSON: the accommodation (contract/accommodations.ts). */
  detail: string;
  created_at: number;
  updated_at: number;
}

export interface AccommodationTables {
  accommodations: AccommodationsTable;
}
