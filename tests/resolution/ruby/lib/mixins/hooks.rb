# the hooks Ruby runs when a module is extended or prepended, like self.included when it is included: what they
# mix into base is the class's
module Extendable
  def self.extended(base)
    base.extend ExtraClassMethods
  end

  module ExtraClassMethods
    def extra_class; end
  end
end

module Prependable
  def self.prepended(base)
    base.extend PrependedClassMethods
  end

  module PrependedClassMethods
    def prepended_class; end
  end
end

# base.class_eval { include X } in a hook includes X into base
module Evaluated
  def self.included(base)
    base.class_eval do
      include EvalHelpers
      extend EvalClassMethods
    end
  end

  module EvalHelpers
    def eval_helper; end
  end

  module EvalClassMethods
    def eval_class; end
  end
end

# ActiveSupport::Concern's class_methods do … end: its methods are singleton methods of each includer
module Concerned
  extend ActiveSupport::Concern

  class_methods do
    def concerned_class; end
  end

  def concerned_instance; end
end

class HookHost
  extend Extendable
  prepend Prependable
  include Evaluated
  include Concerned

  def self.build
    extra_class
    # ^ defined: lib/mixins/hooks.rb::Extendable.ExtraClassMethods.extra_class
    prepended_class
    # ^ defined: lib/mixins/hooks.rb::Prependable.PrependedClassMethods.prepended_class
    eval_class
    # ^ defined: lib/mixins/hooks.rb::Evaluated.EvalClassMethods.eval_class
    concerned_class
    # ^ defined: lib/mixins/hooks.rb::Concerned.concerned_class
  end

  def run
    eval_helper
    # ^ defined: lib/mixins/hooks.rb::Evaluated.EvalHelpers.eval_helper
    concerned_instance
    # ^ defined: lib/mixins/hooks.rb::Concerned.concerned_instance
    # (a class method of the includer is no instance method)
    concerned_class
    # ^ unresolved
  end
end

HookHost.extra_class
#        ^ defined: lib/mixins/hooks.rb::Extendable.ExtraClassMethods.extra_class
HookHost.prepended_class
#        ^ defined: lib/mixins/hooks.rb::Prependable.PrependedClassMethods.prepended_class
HookHost.eval_class
#        ^ defined: lib/mixins/hooks.rb::Evaluated.EvalClassMethods.eval_class
HookHost.concerned_class
#        ^ defined: lib/mixins/hooks.rb::Concerned.concerned_class
