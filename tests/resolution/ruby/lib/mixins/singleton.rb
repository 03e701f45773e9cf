# a module's own singleton methods are not handed on by include
module Helpers
  def self.util
    1
  end

  def self.again
    util
    # ^ defined: lib/mixins/singleton.rb::Helpers.util
  end
end

class Gadget
  include Helpers

  def self.build
    util
    # ^ unresolved
  end
end

Gadget.util
#      ^ unresolved
Helpers.util
#       ^ defined: lib/mixins/singleton.rb::Helpers.util

# but an included do … end block runs in the includer: its singleton methods are the includer's
module Concern
  included do
    def self.current
      2
    end
  end
end

class Record
  include Concern
end

Record.current
#      ^ defined: lib/mixins/singleton.rb::Concern.current
