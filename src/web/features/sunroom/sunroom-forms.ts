import type { SubmitTarget } from '../../forms/configurator';

/** The three routes of one page (spec 2 §2): the tile's path, its form id, and the page title. */
export interface SunroomFormRoute {
  path: string;
  form: 'sunroom' | 'screenroom' | 'impact';
  title: string;
}

export const sunroomFormRoutes: SunroomFormRoute[] = [
  { path: '/Ordering/SunRooms', form: 'sunroom', title: '3 5/8" Sunrooms' },
  { path: '/Ordering/ScreenRooms', form: 'screenroom', title: '2" Sunrooms' },
  { path: '/Ordering/Impact', form: 'impact', title: 'Impact Sunrooms' },
];

/** Spec 2 §7: all three forms post to POST /api/OrderingSunrooms/SubmitSunroom?isOrdered= with {SunroomsData}; each adds &form= (the form it ran). */
export const sunroomTarget: SubmitTarget = {
  url: '/api/OrderingSunrooms/SubmitSunroom',
  dataField: 'SunroomsData',
  productName: 'sunroom',
};
