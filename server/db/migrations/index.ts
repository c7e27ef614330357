import type { Migration } from 'kysely/migration';
import * as initial from './0001-initial.ts';
import * as accounts from './0002-accounts.ts';
import * as lateAnswers from './0003-late-answers.ts';
import * as oidcBrowserBinding from './0004-oidc-browser-binding.ts';
import * as tutorTests from './0005-tutor-tests.ts';
import * as ownedLessons from './0006-owned-lessons.ts';
import * as previewSessions from './0007-preview-sessions.ts';
import * as images from './0008-images.ts';
import * as assignments from './0009-assignments.ts';
import * as assignmentSessions from './0010-assignment-sessions.ts';
import * as sessionContact from './0011-session-contact.ts';
import * as assignmentLobby from './0012-assignment-lobby.ts';
import * as assignmentSessionOrder from './0013-assignment-session-order.ts';
import * as monitorChanges from './0014-monitor-changes.ts';
import * as noAnswersByArrival from './0015-no-answers-by-arrival.ts';
import * as monitorProgress from './0016-monitor-progress.ts';
import * as sealedPayloads from './0017-sealed-payloads.ts';
import * as sessionStampsInPlace from './0018-session-stamps-in-place.ts';
import * as storageSweep from './0019-storage-sweep.ts';
import * as poolsAndSignals from './0020-pools-and-signals.ts';
import * as imageChunks from './0021-image-chunks.ts';
import * as handMarks from './0022-hand-marks.ts';
import * as ltiToolKeys from './0023-lti-tool-keys.ts';
import * as ltiPlatforms from './0024-lti-platforms.ts';
import * as ltiGrades from './0025-lti-grades.ts';
import * as accommodations from './0026-accommodations.ts';
import * as receipts from './0027-receipts.ts';
import * as examRoom from './0028-exam-room.ts';
import * as ltiLoginTarget from './0029-lti-login-target.ts';

/** Every migration, in order. Names sort in the order they must run. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-accounts': accounts,
  '0003-late-answers': lateAnswers,
  '0004-oidc-browser-binding': oidcBrowserBinding,
  '0005-tutor-tests': tutorTests,
  '0006-owned-lessons': ownedLessons,
  '0007-preview-sessions': previewSessions,
  '0008-images': images,
  '0009-assignments': assignments,
  '0010-assignment-sessions': assignmentSessions,
  '0011-session-contact': sessionContact,
  '0012-assignment-lobby': assignmentLobby,
  '0013-assignment-session-order': assignmentSessionOrder,
  '0014-monitor-changes': monitorChanges,
  '0015-no-answers-by-arrival': noAnswersByArrival,
  '0016-monitor-progress': monitorProgress,
  '0017-sealed-payloads': sealedPayloads,
  '0018-session-stamps-in-place': sessionStampsInPlace,
  '0019-storage-sweep': storageSweep,
  '0020-pools-and-signals': poolsAndSignals,
  '0021-image-chunks': imageChunks,
  '0022-hand-marks': handMarks,
  '0023-lti-tool-keys': ltiToolKeys,
  '0024-lti-platforms': ltiPlatforms,
  '0025-lti-grades': ltiGrades,
  '0026-accommodations': accommodations,
  '0027-receipts': receipts,
  '0028-exam-room': examRoom,
  '0029-lti-login-target': ltiLoginTarget,
};
