export { renderText } from './text.js';
export { toDetailsRow, type DetailsRowOut } from './details.js';
export { renderSymbols, renderReferences, renderImpact, renderOutline, renderStatus } from './navigation.js';
