/**
 * Screens of the back-office sections, by routing. A section without an entry shows
 * 'en construcción'; the link and the permission filtering are real either way. Each entry is
 * lazy so a module's code loads only when opened.
 */
import type { ComponentType } from 'react';

export type SectionAreaLoader = () => Promise<{ default: ComponentType<{ routing: string }> }>;

export const sectionAreas: Record<string, SectionAreaLoader> = {};
