# Ruby's ancestors: the class, its included modules (the last included first), then the superclass's
class Animal
  def speak
    "..."
  end

  def walk
    "walks"
  end
end

module Loud
  def speak
    "LOUD"
  end
end

class Cat < Animal
  include Loud

  def talk
    speak
    # ^ defined: lib/mixins/order.rb::Loud.speak
    walk
    # ^ defined: lib/mixins/order.rb::Animal.walk
  end
end

Cat.new.speak
#       ^ defined: lib/mixins/order.rb::Loud.speak

module First
  def greet
    "first"
  end
end

module Second
  def greet
    "second"
  end
end

class Host
  include First
  include Second

  def run
    greet
    # ^ defined: lib/mixins/order.rb::Second.greet
  end
end

# a module the superclass already includes stays where the superclass has it
class Kitten < Cat
  include Loud
  include First

  def purr
    speak
    # ^ defined: lib/mixins/order.rb::Loud.speak
  end
end

module Quiet
  def speak
    super
  end

  def hush
    "shh"
  end
end

class Mouse < Animal
  prepend Quiet

  def speak
    "squeak"
  end

  def call
    hush
    # ^ defined: lib/mixins/order.rb::Quiet.hush
  end
end

# a prepended module comes before the class: a subclass finds its method first
class Pup < Mouse
  def yap
    speak
    # ^ defined: lib/mixins/order.rb::Quiet.speak
  end
end
