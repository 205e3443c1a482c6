import type { Messages } from '../../types.js';
import type zh from '../zh-CN/appgrant.js';

/** Tenant roles' application grants (the application tabs of the role authorisation, API authorisation and viewer dialogs; docs/applications.md). */
export default {
  showName: '{{name}} ({{suffix}})',
  suffix: {
    module: 'module',
    page: 'page',
    form: 'form',
    api: 'API',
    composite: 'composite',
    button: 'button',
    grid: 'grid',
    input: 'input field',
    display: 'display field',
  },
  unattached: 'APIs not attached to a page',
  consoleTab: 'Console menu',
  menuHint: 'Tick Read / Write per menu, page and control; ticking Write keeps Read ticked.',
  apiHint: 'Tick the application APIs this role may call; APIs not ticked are refused.',
  search: 'Search by name',
  noMatch: 'No results were found',
  noData: 'This node has no data',
  disabled: 'Disabled',
  appDisabled: 'Application disabled',
  selectAll: 'Select all',
  clear: 'Clear all',
  count: '{{count}} API(s) selected',
  view: {
    title: 'Application permissions',
    menus: 'Menus',
    controls: 'Controls',
    apis: 'APIs',
  },
} satisfies Messages<typeof zh>;
