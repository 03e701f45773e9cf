# a module's self.included(base) that extends base with ClassMethods: the includer's class methods
module Commands
  def self.included(base)
    base.extend ClassMethods
    base.send :include, Helpers
  end

  module ClassMethods
    def create_command(meth); end

    def baseclass; end

    def start
      create_command(:x)
    end
  end

  module Helpers
    class << self
      def included(base)
        base.send(:extend, Registry)
      end
    end

    def say; end
  end

  module Registry
    def register; end
  end
end

class Tool
  include Commands

  class << self
    def baseclass; end

    def build
      create_command(:y)
      # ^ defined: lib/mixins/hook.rb::Commands.ClassMethods.create_command
      self.register
      #    ^ defined: lib/mixins/hook.rb::Commands.Registry.register
      baseclass
      # ^ defined: lib/mixins/hook.rb::Tool.baseclass
    end
  end

  def run
    say
    # ^ defined: lib/mixins/hook.rb::Commands.Helpers.say
  end
end

Tool.create_command(:z)
#    ^ defined: lib/mixins/hook.rb::Commands.ClassMethods.create_command
