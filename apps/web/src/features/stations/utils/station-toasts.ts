/**
 * What the station toasts say: which station and what happened ("Station 4 created"), never
 * "Station created successfully", so a toast read a moment late still says which one.
 */
import type { Station } from '@stationbid/domain';

type StationSubject = Pick<Station, 'number'>;

export const stationCreatedText = (station: StationSubject) => `Station ${station.number} created`;
export const stationSavedText = (station: StationSubject) => `Station ${station.number} saved`;
export const stationDeletedText = (station: StationSubject) => `Station ${station.number} deleted`;
