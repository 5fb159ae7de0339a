import type { ComponentType } from 'react';
import type { Role } from '../lib/auth-storage.ts';

/** The ten top-bar kinds of docs/product/screens-and-routes.md. */
export type TopBarKind =
  | 'default'
  | 'no-user'
  | 'index'
  | 'inner'
  | 'school'
  | 'none'
  | 'student-leader'
  | 'teacher'
  | 'text-block'
  | 'back';

export type FooterKind = 'default' | 'none';

/**
 * Who may enter. `student` routes load the student status before entry (and may gate on it); the staff
 * roles need that role's login; `any` needs some login; `public` needs nothing.
 */
export type RouteRole = 'public' | 'any' | 'student' | 'teacher' | 'admin' | 'school' | 'sl';

export interface RouteDef {
  path: string;
  title: string;
  role: RouteRole;
  topBar: TopBarKind;
  footer: FooterKind;
  load: () => Promise<{ default: ComponentType }>;
  /**
   * Pages built with antd components. The others (home, legal texts, 404) are plain markup, so a first
   * visit to them does not download antd at all (docs/design.md §5 home-page budget).
   */
  usesAntd: boolean;
  /** Student routes: the gate applied to the status before entry (see student-gates.ts). */
  gate?: StudentGate;
  /** Pages the AMC site variant does not have: the 404 page there, and links to them hidden (decision 015). */
  amcHidden?: boolean;
  /** A role's login entry (/sl): someone already logged in as that role goes straight to `path`. */
  loggedInTarget?: { role: Role; path: string };
}

/** Named gates, resolved in the lazily loaded student loader so the shell does not carry the domain. */
export type StudentGate = 'complete-info' | 'step1-submitted' | 'offer-decided' | 'offer-released' | 'tuition-paid';
