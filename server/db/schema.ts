/**
 * Table types for Kysely. Portable across SQLite and PostgreSQL: text ids for sessions and answers,
 * integer epoch-ms times, JSON kept as text.
 */
export interface SubjectsTable {
  id: number;
  slug: string;
  audience: 'student' | 'tutor';
  position: number;
  /** JSON: { title, description, seo? } each localized. */
  texts: string;
  updated_at: number;
}

export interface SpecializationsTable {
  id: number;
  subject_id: number;
  slug: string;
  position: number;
  texts: string;
  updated_at: number;
}

export interface LessonsTable {
  id: number;
  slug: string;
  specialization_id: number;
  audience: 'student' | 'tutor';
  duration_seconds: number;
  published: number;
  position: number;
  current_version_id: number;
  question_count: number;
  max_score: number;
  /** JSON: { title, description } localized. */
  texts: string;
  updated_at: number;
}

/** Immutable snapshots of a lesson's blocks and questions; a session keeps the version it started on. */
export interface LessonVersionsTable {
  id: number;
  lesson_id: number;
  /** sha256 of the content, so an unchanged re-import makes no new version. */
  hash: string;
  content: string;
  created_at: number;
}

export interface SiteTable {
  key: string;
  value: string;
}

export interface OnlineSessionsTable {
  uuid: string;
  lesson_id: number;
  lesson_version_id: number;
  token_hash: string;
  role: 'student' | 'tutor';
  locale: string;
  status: 'running' | 'finished';
  started_at: number;
  deadline: number;
  finished_at: number | null;
  finish_reason: 'manual' | 'timeout' | 'expired' | null;
  score: number | null;
  max_score: number;
}

export interface AnswersTable {
  session_uuid: string;
  /** The client-made answer_id: a repeat of the same id in the same session is harmless. */
  id: string;
  question_id: string;
  /** JSON of the value as sent. */
  value: string;
  answered_at: number;
  received_at: number;
}

export interface Database {
  subjects: SubjectsTable;
  specializations: SpecializationsTable;
  lessons: LessonsTable;
  lesson_versions: LessonVersionsTable;
  site: SiteTable;
  online_sessions: OnlineSessionsTable;
  answers: AnswersTable;
}
