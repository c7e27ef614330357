/** The signed receipts' tables (migration 0027) and the exam room's messages (0028). */

export interface ReceiptKeysTable {
  kid: string;
  /** PKCS#8 PEM; null once the key retired (it signs no more, and its public part still checks). */
  private_pem: string | null;
  /** The public key as a JWK (RFC 8037). */
  public_jwk: string;
  created_at: number;
  retired_at: number | null;
}

export interface ReceiptsTable {
  session_uuid: string;
  /** JSON: the signed receipt. */
  receipt: string;
  signed_at: number;
}

/** A tutor's message to every taker of an assignment (no session) or to one (migration 0028). */
export interface AssignmentMessagesTable {
  id: string;
  assignment_id: string;
  session_uuid: string | null;
  text: string;
  created_at: number;
}

/** A device's word that it showed a message to its taker. */
export interface MessageReadsTable {
  message_id: string;
  session_uuid: string;
  read_at: number;
}

export interface ReceiptTables {
  receipt_keys: ReceiptKeysTable;
  receipts: ReceiptsTable;
  assignment_messages: AssignmentMessagesTable;
  message_reads: MessageReadsTable;
}
