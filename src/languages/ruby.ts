import type { LanguageSpec } from './spec.js';

/** `test_parcel`, `parcel_test`, `parcel_spec` → `parcel`. */
function sourceStem(stem: string): string {
  return stem.replace(/^test_/, '').replace(/_(?:test|spec)$/, '');
}

export const ruby: LanguageSpec = {
  extensions: ['.rb', '.rake'],
  fence: 'ruby',
  infoStrings: ['ruby', 'rb', 'irb', 'rake'],
  snippetPath: '__snippet__.rb',
  tests: {
    family: 'ruby',
    // Minitest (`test_x.rb`, `x_test.rb`), RSpec (`x_spec.rb`) and their helpers.
    fileNames: [/^test_.*\.rb$/, /_test\.rb$/, /_spec\.rb$/, /^(?:spec|rails)_helper\.rb$/],
    sourceStem,
    // The helpers every test requires name no source.
    generalStems: ['helper', 'spec_helper', 'rails_helper'],
  },
  // Installed gems (`gems/rack-3.0.8/lib/…`, Bundler's `vendor/bundle/`), the interpreter's
  // own library (`lib/ruby/3.3.0/…`, `<internal:kernel>`) and version managers' installs.
  libraryPaths: [
    /(?:^|\/)gems\/[\w.-]+-\d[\w.]*\//,
    /(?:^|\/)vendor\/bundle\//,
    /(?:^|\/)lib\/ruby\/(?:\d|gems\/|site_ruby\/|vendor_ruby\/)/,
    /(?:^|\/)\.(?:rbenv|rvm|gem)\//,
    /^<internal:/,
  ],
};
