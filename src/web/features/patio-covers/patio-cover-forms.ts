import type { SubmitTarget } from '../../forms/configurator';

/** One patio-cover configurator route (spec 3 §2): its path, form id, title and submit call (spec 3 §7). */
export interface PatioCoverFormRoute {
  path: string;
  form: 'pergola' | 'pavilion';
  title: string;
  target: SubmitTarget;
}

export const pergolaRoute: PatioCoverFormRoute = {
  path: '/Ordering/Pergolas',
  form: 'pergola',
  title: 'Pergolas',
  target: { url: '/api/OrderingPergolas/SubmitData', dataField: 'PergolasData', productName: 'pergola' },
};

export const pavilionRoute: PatioCoverFormRoute = {
  path: '/Ordering/Pavilions',
  form: 'pavilion',
  title: 'Pavilions',
  target: { url: '/api/OrderingPavilions/SubmitPavilion', dataField: 'PavillionsData', productName: 'pavilion' },
};

/** Spec 3 §8: a sunroom-only dealer is refused with this text (the server sends it; this is the fallback). */
export const patioCoverRefusalTexts = { 997: 'You are only allowed to Order Sunrooms' } as const;
