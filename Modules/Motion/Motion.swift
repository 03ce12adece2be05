// Time and motion work in Pixels' durations and frames: importing Motion imports them too.
@_exported import Pixels
