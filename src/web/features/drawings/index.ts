/** The drawing overlay (spec 4): an order's drawing pages, the full viewer and the furniture editor. */
export { DrawingOverlay, type DrawingOverlayProps } from './drawing-overlay';
