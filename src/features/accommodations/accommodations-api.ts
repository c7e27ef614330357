import type { SaveAccommodationRequest } from '../../../contract/accommodations.ts';
import * as endpoints from '../../../contract/endpoints/accommodations.ts';
import { api } from '../../shared/api/index.ts';
import { useRead } from '../../shared/api/use-read.ts';

/** The tutor's standing accommodations and the students they may choose from. */
export const useAccommodations = () =>
  useRead('accommodations', [], () => api(endpoints.accommodations), { who: 'tutor' });

export const saveAccommodation = (body: SaveAccommodationRequest) => api(endpoints.saveAccommodation, { body });
export const removeAccommodation = (id: string) => api(endpoints.removeAccommodation, { params: { id } });
