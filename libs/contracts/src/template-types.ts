import type { Schemas } from './schemas';

export type CreateTemplateRequest = Schemas['CreateTemplateRequest'];
export type UpdateTemplateRequest = Schemas['UpdateTemplateRequest'];
export type RenderTemplateRequest = Schemas['RenderTemplateRequest'];
export type RenderedTemplate = Schemas['RenderedTemplate'];
export type TemplateVariables = Schemas['TemplateVariables'];
export type TrackingSettings = Schemas['TrackingSettings'];
export type UpdateIdentityRequest = Schemas['UpdateIdentityRequest'];
