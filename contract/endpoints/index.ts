/**
 * Every `/v1` endpoint, once: the server registers its routes from this table, the client calls
 * through it, and the permission table, the README's API section and `/v1/openapi.json` are made
 * from it. Each feature's endpoints are defined in a file of their own, which the client imports
 * alone (this table would bring every struct into the first page).
 */
import type { AnyEndpoint } from '../endpoint.ts';
import * as accommodations from './accommodations.ts';
import * as assignments from './assignments.ts';
import * as auth from './auth.ts';
import * as catalog from './catalog.ts';
import { openapi } from './docs.ts';
import * as examRoom from './exam-room.ts';
import * as images from './images.ts';
import * as lti from './lti.ts';
import * as operations from './operations.ts';
import * as profile from './profile.ts';
import * as receipts from './receipts.ts';
import * as sessions from './sessions.ts';
import * as tutorTests from './tutor-tests.ts';

export const ENDPOINTS = {
  subjects: catalog.subjects,
  specializations: catalog.specializations,
  lessons: catalog.lessons,
  lesson: catalog.lesson,
  mainPage: catalog.mainPage,
  subjectPageInfo: catalog.subjectPageInfo,
  specializationPageInfo: catalog.specializationPageInfo,
  start: sessions.start,
  session: sessions.session,
  block: sessions.block,
  payload: sessions.payload,
  answer: sessions.answer,
  finish: sessions.finish,
  signals: sessions.signals,
  heartbeat: sessions.heartbeat,
  results: sessions.results,
  authConfig: auth.authConfig,
  register: auth.register,
  login: auth.login,
  currentUser: auth.currentUser,
  changeLocale: auth.changeLocale,
  refresh: auth.refresh,
  logout: auth.logout,
  confirmEmail: auth.confirmEmail,
  resendConfirmation: auth.resendConfirmation,
  googleStart: auth.googleStart,
  googleCallback: auth.googleCallback,
  completedTests: profile.completedTests,
  completedTest: profile.completedTest,
  groupedDetails: profile.groupedDetails,
  linkTest: profile.linkTest,
  claimAttempt: receipts.claimAttempt,
  receipt: receipts.receipt,
  receiptKeys: receipts.receiptKeys,
  checkReceipt: receipts.checkReceipt,
  checkReceiptCode: receipts.checkReceiptCode,
  personalData: profile.personalData,
  deleteAccount: profile.deleteAccount,
  tutorTests: tutorTests.tutorTests,
  createTest: tutorTests.createTest,
  tutorTest: tutorTests.tutorTest,
  saveDraft: tutorTests.saveDraft,
  duplicateTest: tutorTests.duplicateTest,
  archiveTest: tutorTests.archiveTest,
  restoreTest: tutorTests.restoreTest,
  deleteTest: tutorTests.deleteTest,
  publishChecklist: tutorTests.publishChecklist,
  publishTest: tutorTests.publishTest,
  previewTest: tutorTests.previewTest,
  exportTest: tutorTests.exportTest,
  exportBank: tutorTests.exportBank,
  importTemplate: tutorTests.importTemplate,
  importTests: tutorTests.importTests,
  uploadImage: images.uploadImage,
  assignments: assignments.assignments,
  createAssignment: assignments.createAssignment,
  assignment: assignments.assignment,
  closeAssignment: assignments.closeAssignment,
  deleteAssignment: assignments.deleteAssignment,
  publicAssignment: assignments.publicAssignment,
  startAssignment: assignments.startAssignment,
  startSignal: assignments.startSignal,
  assignmentMonitor: assignments.assignmentMonitor,
  assignmentResults: assignments.assignmentResults,
  assignmentAnalysis: assignments.assignmentAnalysis,
  assignmentResultsCsv: assignments.assignmentResultsCsv,
  assignmentAnalysisCsv: assignments.assignmentAnalysisCsv,
  lobby: assignments.lobby,
  extraTime: assignments.extraTime,
  attemptReview: assignments.attemptReview,
  removeAttempt: assignments.removeAttempt,
  sendMessage: examRoom.sendMessage,
  messages: examRoom.messages,
  pauseAssignment: examRoom.pauseAssignment,
  resumeAssignment: examRoom.resumeAssignment,
  everyoneExtraTime: examRoom.everyoneExtraTime,
  rescore: assignments.rescore,
  assignmentChanges: assignments.assignmentChanges,
  markingSheet: assignments.markingSheet,
  giveMark: assignments.giveMark,
  accommodations: accommodations.accommodations,
  saveAccommodation: accommodations.saveAccommodation,
  removeAccommodation: accommodations.removeAccommodation,
  ltiKeys: lti.ltiKeys,
  ltiCanvasConfiguration: lti.ltiCanvasConfiguration,
  ltiLogin: lti.ltiLogin,
  ltiLoginForm: lti.ltiLoginForm,
  ltiLaunch: lti.ltiLaunch,
  ltiHandoff: lti.ltiHandoff,
  ltiRegister: lti.ltiRegister,
  ltiPlatforms: lti.ltiPlatforms,
  ltiAddPlatform: lti.ltiAddPlatform,
  ltiChangePlatform: lti.ltiChangePlatform,
  ltiRegistrationLink: lti.ltiRegistrationLink,
  ltiDeepLink: lti.ltiDeepLink,
  ltiCompleteDeepLink: lti.ltiCompleteDeepLink,
  ltiRoster: lti.ltiRoster,
  assignmentAnswersCsv: assignments.assignmentAnswersCsv,
  myAssignments: assignments.myAssignments,
  image: images.image,
  openapi,
  health: operations.health,
  ready: operations.ready,
  metrics: operations.metrics,
} satisfies Record<string, AnyEndpoint>;

export type EndpointName = keyof typeof ENDPOINTS;
