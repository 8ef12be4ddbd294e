/** What the sunroom feature offers others: the configurator body (the definitions workbench previews it). */
export { SunroomConfigurator } from './sunroom-configurator';
export { sunroomFormRoutes, sunroomTarget, type SunroomFormRoute } from './sunroom-forms';
