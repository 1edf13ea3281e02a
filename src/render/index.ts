export { renderText, TEXT_FUNCTION_FILES } from './text.js';
export { DETAILS_MIN_FILES, toDetailsRow, type DetailsRow, type DetailsRowOut } from './details.js';
export { escapeControls, printablePath } from './printable.js';
export { renderSymbols, renderReferences, renderImpact, renderOutline, renderStatus } from './navigation.js';
