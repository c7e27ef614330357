import {
  AccommodationList,
  AccommodationParams,
  AccommodationReceipt,
  AccommodationRemoved,
  SaveAccommodationRequest,
} from '../accommodations.ts';
import { endpoint } from '../endpoint.ts';
import { NoQuery } from '../requests.ts';

const APPLIES = 'every assignment of the tutor applies it by itself, unless the assignment turns accommodations off';

export const accommodations = endpoint({
  method: 'GET',
  path: '/v1/tutor/accommodations',
  query: NoQuery,
  answer: AccommodationList,
  status: 200,
  access: 'tutor',
  summary: 'The tutor’s standing accommodations, and the signed-in students who took their tests, to choose from',
});

export const saveAccommodation = endpoint({
  method: 'PUT',
  path: '/v1/tutor/accommodations',
  query: NoQuery,
  body: SaveAccommodationRequest,
  answer: AccommodationReceipt,
  status: 200,
  access: 'tutor',
  summary:
    'Keeps a standing accommodation for one student (one of the tutor’s takers, or an e-mail); their running attempts take it at once',
  note: APPLIES,
});

export const removeAccommodation = endpoint({
  method: 'DELETE',
  path: '/v1/tutor/accommodations/:id',
  params: AccommodationParams,
  query: NoQuery,
  answer: AccommodationRemoved,
  status: 200,
  access: 'tutor',
  summary: 'No longer keeps the accommodation; the student’s running attempts go back to the standard time',
  note: 'another tutor’s accommodation reads as not found',
});
