import { submitConfigurator, type SubmitOutcome, type SubmitTarget } from '../../../forms/configurator';

const sunroomTarget: SubmitTarget = { url: '/api/OrderingSunrooms/SubmitSunroom', dataField: 'SunroomsData', productName: 'sunroom' };

/** POST /api/OrderingSunrooms/SubmitSunroom?isOrdered=: {SunroomsData} -> {fileName} (spec 2 §7); never throws. */
export function submitSunroom(payload: Record<string, unknown>, isOrdered: boolean): Promise<SubmitOutcome> {
  return submitConfigurator(sunroomTarget, payload, isOrdered);
}
