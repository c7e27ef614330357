/** The signed receipts' tables (migration 0027, contract/receipts.ts). */

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

export interface ReceiptTables {
  receipt_keys: ReceiptKeysTable;
  receipts: ReceiptsTable;
}
