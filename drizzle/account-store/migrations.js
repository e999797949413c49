import journal from './meta/_journal.json';
import m0000 from './0000_create_account_store.sql';
import m0001 from './0001_hide_from_continue_watching.sql';
import m0002 from './0002_playing_position.sql';
import m0003 from './0003_follow_shows.sql';
import m0004 from './0004_push_notices.sql';
import m0005 from './0005_push_failures.sql';
import m0006 from './0006_taste.sql';
import m0007 from './0007_profiles.sql';

  export default {
    journal,
    migrations: {
      m0000,
m0001,
m0002,
m0003,
m0004,
m0005,
m0006,
m0007
    }
  }
  