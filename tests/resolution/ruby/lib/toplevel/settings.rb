# A top-level class and a module with a class of the same name: ``::Settings`` inside the module names the
# top-level one, however the call is written.
class Settings
  def load; end
end

module Shop
  class Settings
    def load; end
  end

  class Store
    def nested
      Settings.new.load
      #            ^ defined: lib/toplevel/settings.rb:9
    end

    def chained
      ::Settings.new.load
      #              ^ defined: lib/toplevel/settings.rb:4
    end

    def typed
      s = ::Settings.new
      s.load
      # ^ defined: lib/toplevel/settings.rb:4
    end
  end
end

# A concern: the modules a hook mixes into the class that includes it are no bases of the hook.
module Concern
  module ClassMethods
    def configure; end
  end

  def self.included(base)
    base.extend ClassMethods
    #           ^ defined: lib/toplevel/settings.rb:33
  end
end
