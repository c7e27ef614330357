/**
 * Where an answer stands: the mark a taker sees beside each question.
 * saving: being written on this device; queued: on this device, waiting for the server;
 * saved: the server has it; refused: the server will not take it; failed: not even stored here.
 */
export type AnswerStatus = 'unanswered' | 'saving' | 'queued' | 'saved' | 'refused' | 'failed';
